import { pageWindow, phoneFilterOf } from './phone-search';

describe("the admin's viewer search (SPEC §2.13 Users)", () => {
  it('searches numbers by their digits, however the admin typed them', () => {
    expect(phoneFilterOf('98765')).toEqual({ kind: 'containing', digits: '98765' });
    expect(phoneFilterOf(' +91 98765-43 ')).toEqual({ kind: 'containing', digits: '919876543' });
  });

  it('lists everyone without a term, and nobody for a term with no digit in it', () => {
    expect(phoneFilterOf(undefined)).toEqual({ kind: 'everyone' });
    expect(phoneFilterOf('   ')).toEqual({ kind: 'everyone' });
    expect(phoneFilterOf('ravi')).toEqual({ kind: 'nobody' });
    // No wildcard of LIKE survives: only digits reach the query.
    expect(phoneFilterOf('%_')).toEqual({ kind: 'nobody' });
  });

  it('starts at page 1 and skips the rows of the pages before', () => {
    expect(pageWindow(undefined, 10)).toEqual({ page: 1, offset: 0 });
    expect(pageWindow(3, 10)).toEqual({ page: 3, offset: 20 });
  });
});

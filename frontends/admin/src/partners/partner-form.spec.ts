import { partnerBody, validatePartnerForm } from './partner-form';

describe('the partner form', () => {
  const good = {
    name: 'Sun Pictures',
    contactPerson: 'Kalanithi Maran',
    email: 'partners@sun.example',
    phone: '+91 44 4467 6767',
    revenueSharePercent: '42.5',
  };

  it('accepts what the API accepts', () => {
    expect(validatePartnerForm(good)).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(
      validatePartnerForm({
        name: 'S',
        contactPerson: '',
        email: 'sun',
        phone: 'call me',
        revenueSharePercent: '100.5',
      }),
    ).toEqual({
      name: 'Name must be at least 2 characters',
      contactPerson: 'Contact person is required',
      email: 'Enter an e-mail address',
      phone: 'Enter a phone number (digits, spaces, +, - and brackets)',
      revenueSharePercent: 'Enter a share from 0 to 100, with up to two decimals',
    });
    expect(validatePartnerForm({ ...good, revenueSharePercent: '10.555' }).revenueSharePercent).toBeDefined();
  });

  it('sends every field when creating, and only the changed ones when editing, the share as a number', () => {
    expect(partnerBody(good)).toEqual({ ...good, revenueSharePercent: 42.5 });
    expect(partnerBody({ ...good, revenueSharePercent: '50 ' }, good)).toEqual({ revenueSharePercent: 50 });
  });
});

import { AuditEvents, type AdminActionRecorded } from '@chitram/contracts';
import type { EntityManager } from 'typeorm';
import {
  AUDIT_CHANGES_LIMIT,
  AUDIT_TEXT_LIMIT,
  fieldChanges,
  HIDDEN_VALUE,
  recordAdminAction,
} from './audit';

const actor = {
  adminId: '4d7a3f0e-3c52-4a57-9a8e-0f4f8f1b2c3d',
  sessionId: '9b1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
  address: '203.0.113.9',
};
const entity = { type: 'movie' as const, id: 'a0e2c3d4-0000-4000-8000-000000000001', label: 'Kaveri Nights' };

describe('fieldChanges: the before and after an audit entry shows', () => {
  it('lists only the fields that differ, lists compared whole', () => {
    expect(
      fieldChanges(
        { title: 'Kaveri Nights', cast: ['Meera'], isFree: false, releaseYear: 2021 },
        { title: 'Kaveri Nights Returns', cast: ['Meera'], isFree: true, releaseYear: 2021 },
      ),
    ).toEqual([
      { field: 'title', before: 'Kaveri Nights', after: 'Kaveri Nights Returns' },
      { field: 'isFree', before: false, after: true },
    ]);
    expect(fieldChanges({ cast: ['A', 'B'] }, { cast: ['B', 'A'] })).toEqual([
      { field: 'cast', before: ['A', 'B'], after: ['B', 'A'] },
    ]);
  });

  it('shows every field of a creation after, and of a deletion before', () => {
    expect(fieldChanges(null, { title: 'X', trailerUrl: null })).toEqual([
      { field: 'title', before: null, after: 'X' },
    ]);
    expect(fieldChanges({ title: 'X', at: new Date('2026-01-02T03:04:05Z') }, undefined)).toEqual([
      { field: 'title', before: 'X', after: null },
      { field: 'at', before: '2026-01-02T03:04:05.000Z', after: null },
    ]);
  });

  it('names nested fields with dots', () => {
    expect(
      fieldChanges(
        { episodes: { 1: { title: 'One' }, 2: { title: 'Two' } } },
        { episodes: { 1: { title: 'One' }, 2: { title: 'Deux' }, 3: { title: 'Three' } } },
      ),
    ).toEqual([
      { field: 'episodes.2.title', before: 'Two', after: 'Deux' },
      { field: 'episodes.3.title', before: null, after: 'Three' },
    ]);
  });

  it('never keeps a secret: the field is named, its values hidden, at any depth', () => {
    expect(
      fieldChanges(
        { passwordHash: 'old', contact: { apiKey: 'k1', name: 'A' } },
        { passwordHash: 'new', contact: { apiKey: 'k2', name: 'A' } },
      ),
    ).toEqual([
      { field: 'passwordHash', before: HIDDEN_VALUE, after: HIDDEN_VALUE },
      { field: 'contact.apiKey', before: HIDDEN_VALUE, after: HIDDEN_VALUE },
    ]);
    expect(JSON.stringify(fieldChanges(null, { settings: [{ token: 'abc' }] }))).not.toContain('abc');
  });

  it('keeps no bytes and no overlong text', () => {
    const [picture, text] = fieldChanges(null, {
      picture: Buffer.from('PNG bytes'),
      description: 'x'.repeat(5000),
    });
    expect(picture).toEqual({ field: 'picture', before: null, after: '[Buffer]' });
    expect(text.after).toHaveLength(AUDIT_TEXT_LIMIT + 1);
  });

  it('cuts a very large write, saying how much more there was', () => {
    const after = Object.fromEntries(
      Array.from({ length: AUDIT_CHANGES_LIMIT + 50 }, (_, i) => [`f${i}`, i]),
    );
    const changes = fieldChanges(null, after);
    expect(changes).toHaveLength(AUDIT_CHANGES_LIMIT);
    expect(changes.at(-1)).toEqual({ field: '…', before: null, after: '51 more changes' });
  });
});

describe('recordAdminAction: one call in the write’s transaction', () => {
  const written: Array<{ subject: string; payload: AdminActionRecorded }> = [];
  const emit = async (subject: string, payload: unknown) => {
    written.push({ subject, payload: payload as AdminActionRecorded });
  };
  beforeEach(() => written.splice(0));

  it('writes the action with its actor and changes to the outbox', async () => {
    await expect(
      recordAdminAction(emit, actor, {
        action: 'updated',
        entity,
        before: { title: 'Kaveri Nights' },
        after: { title: 'Kaveri Nights Returns' },
      }),
    ).resolves.toBe(true);
    expect(written).toEqual([
      {
        subject: AuditEvents.adminActionRecorded,
        payload: {
          actor,
          action: 'updated',
          entity,
          changes: [{ field: 'title', before: 'Kaveri Nights', after: 'Kaveri Nights Returns' }],
          note: null,
        },
      },
    ]);
  });

  it('records nothing for a write that is no admin’s, or an update that changed nothing', async () => {
    expect(await recordAdminAction(emit, undefined, { action: 'deleted', entity, before: { a: 1 } })).toBe(
      false,
    );
    expect(
      await recordAdminAction(emit, actor, { action: 'updated', entity, before: { a: 1 }, after: { a: 1 } }),
    ).toBe(false);
    expect(written).toEqual([]);
  });

  it('writes through a transaction’s manager as well', async () => {
    const queries: unknown[][] = [];
    const manager = {
      query: async (sql: string, params: unknown[]) => {
        queries.push([sql, ...params]);
        return [{ id: 'e1' }];
      },
    } as unknown as EntityManager;
    await recordAdminAction(manager, actor, { action: 'deleted', entity, before: { title: 'X' } });
    expect(queries).toHaveLength(1);
    expect(queries[0][1]).toBe(AuditEvents.adminActionRecorded);
    expect(JSON.parse(queries[0][2] as string)).toMatchObject({
      action: 'deleted',
      changes: [{ field: 'title' }],
    });
  });
});

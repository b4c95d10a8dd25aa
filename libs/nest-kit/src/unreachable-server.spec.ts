import { isUnreachableServer } from './unreachable-server';

describe('isUnreachableServer', () => {
  it('knows a server that is away: refused sockets, a Postgres shutting down or starting, a dropped connection, Redis out of retries', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [
      refused,
      new AggregateError([refused], ''),
      Object.assign(new Error('query failed'), { driverError: { code: '57P01' } }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }),
      new Error('Connection is closed.'),
      Object.assign(new Error('wrapped'), { cause: refused }),
    ])
      expect([error.message, isUnreachableServer(error)]).toEqual([error.message, true]);
  });

  it('leaves every other failure to be a programming error (500)', () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax'), { driverError: { code: '42601' } }),
      'a string',
      undefined,
    ])
      expect(isUnreachableServer(error)).toBe(false);
  });
});

import { DomainError, ErrorCode } from '@chitram/contracts';
import { createLogger } from '@chitram/nest-kit';
import { partOf } from './service-part';

describe("one service's part of an admin answer", () => {
  const logger = createLogger('gateway-test', 'silent');

  it('carries what the service answered, marked available', async () => {
    expect(await partOf('users', Promise.resolve({ total: 3 }), logger)).toEqual({
      available: true,
      total: 3,
    });
  });

  it('is marked unavailable, with nothing else, however the service failed', async () => {
    const down = new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'The billing service is not running.');
    expect(await partOf('billing', Promise.reject(down), logger)).toEqual({ available: false });
    expect(await partOf('catalog', Promise.reject(new Error('boom')), logger)).toEqual({ available: false });
  });
});

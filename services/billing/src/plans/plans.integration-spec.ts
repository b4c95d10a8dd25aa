import { PLANS, Subjects, type Plan } from '@chitram/contracts';
import { connectNats, RpcClient } from '@chitram/nest-kit';
import { startTestService, testInfrastructure, type TestService } from '@chitram/test-helpers';
import type { NatsConnection } from 'nats';
import { billingService } from '../service';

describe('plans over NATS', () => {
  let service: TestService;
  let nats: NatsConnection;

  beforeAll(async () => {
    service = await startTestService(billingService);
    nats = await connectNats(testInfrastructure().NATS_URL, 'plans-test');
  });
  afterAll(async () => {
    await nats?.close();
    await service?.destroy();
  });

  it('answers the four plans with server-side prices', async () => {
    const plans = await new RpcClient(nats, 2000).request<Plan[]>(Subjects.billing.listPlans);
    expect(plans.map((p) => `${p.planKey}:${p.price}`)).toEqual(PLANS.map((p) => `${p.planKey}:${p.price}`));
  });
});

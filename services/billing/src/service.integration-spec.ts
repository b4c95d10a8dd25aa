import { describeServiceBasics } from '@chitram/test-helpers';
import { billingService } from './service';

describeServiceBasics(billingService);

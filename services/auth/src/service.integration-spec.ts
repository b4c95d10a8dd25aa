import { describeServiceBasics } from '@chitram/test-helpers';
import { authService } from './service';

describeServiceBasics(authService);

import { describeServiceBasics } from '@chitram/test-helpers';
import { usersService } from './service';

describeServiceBasics(usersService);

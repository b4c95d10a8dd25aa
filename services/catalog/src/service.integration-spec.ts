import { describeServiceBasics } from '@chitram/test-helpers';
import { catalogService } from './service';

describeServiceBasics(catalogService);

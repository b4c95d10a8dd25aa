import { describeServiceBasics } from '@chitram/test-helpers';
import { catalogService } from './service';

// Starting a real service on a busy machine can take longer than jest's default 5 s.
jest.setTimeout(60_000);

describeServiceBasics(catalogService);

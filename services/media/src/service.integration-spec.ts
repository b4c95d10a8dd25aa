import { describeServiceBasics } from '@chitram/test-helpers';
import { mediaService } from './service';

describeServiceBasics(mediaService);

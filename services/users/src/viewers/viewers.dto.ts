import {
  STORED_PHONE_NUMBER,
  type FindOrCreateViewerRequest,
  type ViewerIdRequest,
} from '@chitram/contracts';
import { IsUUID, Matches } from 'class-validator';

export class FindOrCreateViewerBody implements FindOrCreateViewerRequest {
  @Matches(STORED_PHONE_NUMBER, { message: 'phoneNumber must be +91 and a 10-digit mobile number' })
  phoneNumber: string;
}

export class ViewerIdBody implements ViewerIdRequest {
  @IsUUID()
  id: string;
}

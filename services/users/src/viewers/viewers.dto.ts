import {
  ActorField,
  STORED_PHONE_NUMBER,
  type AdminActor,
  type DeleteViewerRequest,
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

/** Deleting an account: the viewer's own request, or an admin's (who acts is then named, for the audit trail). */
export class DeleteViewerBody extends ViewerIdBody implements DeleteViewerRequest {
  @ActorField()
  actor?: AdminActor;
}

import { IsUUID } from 'class-validator';

/** `/api/admin/users/{id}`: a viewer's account id. */
export class ViewerParams {
  @IsUUID()
  id: string;
}

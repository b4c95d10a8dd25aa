import { ActedByAdmin, type AdminActor } from './audit';
import {
  CatalogueIdRequest,
  CreateEpisodeRequest,
  CreateMovieRequest,
  CreateSeriesRequest,
  UpdateEpisodeRequest,
  UpdateMovieRequest,
  UpdateSeriesRequest,
} from './catalog';
import type { ViewerIdRequest } from './identity';

// The catalogue's write payloads as the catalog service takes them: the fields of the form, and the
// acting admin the gateway adds (absent for writes that are no admin's, such as the demo seed).

export class AdminCreateMovie extends ActedByAdmin(CreateMovieRequest) {}
export class AdminUpdateMovie extends ActedByAdmin(UpdateMovieRequest) {}
export class AdminCreateEpisode extends ActedByAdmin(CreateEpisodeRequest) {}
export class AdminUpdateEpisode extends ActedByAdmin(UpdateEpisodeRequest) {}
export class AdminCreateSeries extends ActedByAdmin(CreateSeriesRequest) {}
export class AdminUpdateSeries extends ActedByAdmin(UpdateSeriesRequest) {}
/** Deleting a movie, a show or a series. */
export class AdminCatalogueDelete extends ActedByAdmin(CatalogueIdRequest) {}

/**
 * Deleting an account (Subjects.users.deleteViewer): the viewer's own request, or an admin's (who acts
 * is then named, for the audit trail).
 */
export interface DeleteViewerRequest extends ViewerIdRequest {
  actor?: AdminActor;
}

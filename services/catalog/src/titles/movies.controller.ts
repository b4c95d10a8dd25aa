import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AdminCatalogueDelete,
  AdminCreateMovie,
  AdminMoviePageRequest,
  AdminUpdateMovie,
  CatalogueIdRequest,
  Subjects,
  type AdminMovie,
  type AdminMoviePage,
  type CatalogueItemRemoved,
  type MovieSaved,
} from '@chitram/contracts';
import { MovieCatalogue } from './movie-catalogue';
import { Handles } from '@chitram/nest-kit';

/** Movies for admins and other services: never cached, stream links included. */
@Controller()
export class MoviesController {
  constructor(private readonly movies: MovieCatalogue) {}

  @Handles(Subjects.catalog.movies.get)
  get(@Payload() request: CatalogueIdRequest): Promise<AdminMovie> {
    return this.movies.get(request.id);
  }

  @Handles(Subjects.catalog.movies.page)
  page(@Payload() request: AdminMoviePageRequest): Promise<AdminMoviePage> {
    return this.movies.page(request);
  }

  @Handles(Subjects.catalog.movies.create)
  create(@Payload() request: AdminCreateMovie): Promise<MovieSaved> {
    return this.movies.create(request);
  }

  @Handles(Subjects.catalog.movies.update)
  update(@Payload() request: AdminUpdateMovie): Promise<MovieSaved> {
    return this.movies.update(request);
  }

  @Handles(Subjects.catalog.movies.delete)
  remove(@Payload() request: AdminCatalogueDelete): Promise<CatalogueItemRemoved> {
    return this.movies.remove(request.id, request.actor);
  }
}

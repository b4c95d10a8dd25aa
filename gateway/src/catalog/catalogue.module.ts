import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { CatalogueAdminController } from './catalogue-admin.controller';
import { CatalogueAnswers } from './catalogue-answers';
import { CatalogueController } from './catalogue.controller';
import { PicksController } from './picks.controller';
import { SearchRateLimit } from './search-rate-limit';

const CACHED_ANSWERS_HOOK = Symbol('CACHED_ANSWERS_HOOK');

/** The catalogue's HTTP routes (SPEC §7) and the gateway's cache of its public answers. */
@Module({
  controllers: [CatalogueController, CatalogueAdminController, PicksController],
  providers: [
    CatalogueAnswers,
    SearchRateLimit,
    {
      // Kept answers go out from a Fastify hook, before Nest's routing. It is added while the app is
      // built, before any route exists (Fastify gives each route the hooks added before it), and as
      // preHandler it runs after every onRequest hook: security headers, CORS, request id.
      provide: CACHED_ANSWERS_HOOK,
      inject: [HttpAdapterHost, CatalogueAnswers],
      useFactory: (host: HttpAdapterHost, answers: CatalogueAnswers) =>
        host.httpAdapter.getInstance<FastifyInstance>().addHook('preHandler', answers.serveCached),
    },
  ],
  exports: [CatalogueAnswers],
})
export class CatalogueModule {}

import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type FindOrCreateViewerRequest, type Viewer } from '@chitram/contracts';
import { defineService, OutboxEvent, ServiceConfig, Handles } from '@chitram/nest-kit';

/** The users service as auth sees it over NATS: find-or-create by phone, in memory. */
export function viewersStandIn() {
  const viewers = new Map<string, Viewer>();
  @Controller()
  class ViewersStandIn {
    @Handles(Subjects.users.findOrCreateViewer)
    findOrCreate(@Payload() request: FindOrCreateViewerRequest): Viewer {
      const now = new Date().toISOString();
      const viewer = viewers.get(request.phoneNumber) ?? {
        _id: randomUUID(),
        phoneNumber: request.phoneNumber,
        createdAt: now,
        lastSeenAt: now,
      };
      viewers.set(request.phoneNumber, viewer);
      return viewer;
    }
  }
  @Module({ controllers: [ViewersStandIn] })
  class ViewersStandInModule {}
  return {
    viewers,
    definition: defineService({
      name: 'users',
      config: ServiceConfig,
      module: ViewersStandInModule,
      database: { entities: [OutboxEvent], migrations: [] },
    }),
  };
}

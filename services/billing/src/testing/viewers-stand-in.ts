import { randomUUID } from 'node:crypto';
import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DomainError, ErrorCode, Subjects, type Viewer, type ViewerIdRequest } from '@chitram/contracts';
import { defineService, OutboxEvent, ServiceConfig, Handles } from '@chitram/nest-kit';

/** The users service as billing sees it over NATS: a viewer's number by id, from a map the test fills. */
export function viewersStandIn() {
  const viewers = new Map<string, Viewer>();
  @Controller()
  class ViewersStandIn {
    @Handles(Subjects.users.getViewer)
    get(@Payload() request: ViewerIdRequest): Viewer {
      const viewer = viewers.get(request.id);
      if (!viewer) throw new DomainError(ErrorCode.NOT_FOUND, 'This account does not exist.');
      return viewer;
    }
  }
  @Module({ controllers: [ViewersStandIn] })
  class ViewersStandInModule {}
  return {
    viewers,
    /** A new viewer with a number of their own; answers their id. */
    newViewer(phoneNumber = `+919${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`): string {
      const id = randomUUID();
      viewers.set(id, { _id: id, phoneNumber, createdAt: new Date().toISOString(), lastSeenAt: '' });
      return id;
    },
    definition: defineService({
      name: 'users',
      config: ServiceConfig,
      module: ViewersStandInModule,
      database: { entities: [OutboxEvent], migrations: [] },
    }),
  };
}

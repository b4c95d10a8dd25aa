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
    definition: defineService({
      name: 'users',
      config: ServiceConfig,
      module: ViewersStandInModule,
      database: { entities: [OutboxEvent], migrations: [] },
    }),
  };
}

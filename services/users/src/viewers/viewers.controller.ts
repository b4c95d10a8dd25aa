import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type Viewer } from '@chitram/contracts';
import { DeleteViewerBody, FindOrCreateViewerBody, ViewerIdBody } from './viewers.dto';
import { ViewersService } from './viewers.service';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class ViewersController {
  constructor(private readonly viewers: ViewersService) {}

  @Handles(Subjects.users.findOrCreateViewer)
  findOrCreate(@Payload() body: FindOrCreateViewerBody): Promise<Viewer> {
    return this.viewers.findOrCreate(body.phoneNumber);
  }

  @Handles(Subjects.users.getViewer)
  get(@Payload() body: ViewerIdBody): Promise<Viewer> {
    return this.viewers.get(body.id);
  }

  @Handles(Subjects.users.deleteViewer)
  async delete(@Payload() body: DeleteViewerBody): Promise<{ success: true }> {
    await this.viewers.delete(body.id, body.actor);
    return { success: true };
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type Viewer } from '@chitram/contracts';
import { DeleteViewerBody, FindOrCreateViewerBody, ViewerIdBody } from './viewers.dto';
import { ViewersService } from './viewers.service';

@Controller()
export class ViewersController {
  constructor(private readonly viewers: ViewersService) {}

  @MessagePattern(Subjects.users.findOrCreateViewer)
  findOrCreate(@Payload() body: FindOrCreateViewerBody): Promise<Viewer> {
    return this.viewers.findOrCreate(body.phoneNumber);
  }

  @MessagePattern(Subjects.users.getViewer)
  get(@Payload() body: ViewerIdBody): Promise<Viewer> {
    return this.viewers.get(body.id);
  }

  @MessagePattern(Subjects.users.deleteViewer)
  async delete(@Payload() body: DeleteViewerBody): Promise<{ success: true }> {
    await this.viewers.delete(body.id, body.actor);
    return { success: true };
  }
}

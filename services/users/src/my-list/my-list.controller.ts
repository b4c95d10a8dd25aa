import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  MyListAddRequest,
  MyListRequest,
  MyListTitleRequest,
  Subjects,
  type MyListEntry,
  type MyListRemoved,
} from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { MyListRepository } from './my-list.repository';

const myList = Subjects.users.myList;

/** My List (issue 22): a profile's titles kept for later, newest first; the gateway checks the titles exist. */
@Controller()
export class MyListController {
  constructor(private readonly entries: MyListRepository) {}

  @Handles(myList.list)
  list(@Payload() body: MyListRequest): Promise<MyListEntry[]> {
    return this.entries.list(body.profileId);
  }

  @Handles(myList.add)
  add(@Payload() body: MyListAddRequest): Promise<MyListEntry> {
    return this.entries.add(body.profileId, body.kind, body.titleId);
  }

  @Handles(myList.remove)
  async remove(@Payload() body: MyListTitleRequest): Promise<MyListRemoved> {
    return { removed: await this.entries.remove(body.profileId, body.titleId) };
  }
}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateProfileRequest,
  ProfileRequest,
  ProfilesRequest,
  Subjects,
  UnlockProfileRequest,
  UpdateProfileRequest,
  type Profile,
  type ProfileDeleted,
  type ProfileUnlocked,
} from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { ProfilesService } from './profiles.service';

const profiles = Subjects.users.profiles;

/** An account's profiles (issue 22, D37); the gateway names the account, so another's is never reached. */
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Handles(profiles.list)
  list(@Payload() body: ProfilesRequest): Promise<Profile[]> {
    return this.profiles.list(body.accountId);
  }

  @Handles(profiles.get)
  get(@Payload() body: ProfileRequest): Promise<Profile> {
    return this.profiles.get(body.accountId, body.profileId);
  }

  @Handles(profiles.create)
  create(@Payload() body: CreateProfileRequest): Promise<Profile> {
    return this.profiles.create(body);
  }

  @Handles(profiles.update)
  update(@Payload() body: UpdateProfileRequest): Promise<Profile> {
    return this.profiles.update(body);
  }

  @Handles(profiles.delete)
  async delete(@Payload() body: ProfileRequest): Promise<ProfileDeleted> {
    await this.profiles.delete(body.accountId, body.profileId);
    return { deleted: true };
  }

  @Handles(profiles.unlock)
  async unlock(@Payload() body: UnlockProfileRequest): Promise<ProfileUnlocked> {
    await this.profiles.unlock(body.accountId, body.profileId, body.lock);
    return { unlocked: true };
  }
}

import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
// Profiles (issue 22, D37): what the users service is asked (its answers: profiles-answers.ts).
import { INTERFACE_LANGUAGE_CODES, type InterfaceLanguageCode } from './interface-languages';
import {
  MATURITY_LEVELS,
  PROFILE_AVATARS,
  PROFILE_NAME_MAX_LENGTH,
  type MaturityLevel,
  type Profile,
  type ProfileAvatar,
  type ProfileDeleted,
} from './profiles-answers';
import { subject } from './subject';

export * from './profiles-answers';

function trimmed({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

const NAME_MESSAGE = `name must be 1 to ${PROFILE_NAME_MAX_LENGTH} characters`;
const AVATAR_MESSAGE = `avatar must be one of ${PROFILE_AVATARS.join(', ')}`;
const LANGUAGE_MESSAGE = `interfaceLanguage must be one of ${INTERFACE_LANGUAGE_CODES.join(', ')}`;
const MATURITY_MESSAGE = `maturity must be one of ${MATURITY_LEVELS.join(', ')}`;

/** `POST /api/user/profiles`: a new profile of the caller's account. */
export class CreateProfileBody {
  @Transform(trimmed)
  @IsString({ message: NAME_MESSAGE })
  @Length(1, PROFILE_NAME_MAX_LENGTH, { message: NAME_MESSAGE })
  name: string;

  @IsIn(PROFILE_AVATARS, { message: AVATAR_MESSAGE })
  avatar: ProfileAvatar;

  /** Absent or null: the interface follows the device. */
  @IsOptional()
  @IsIn(INTERFACE_LANGUAGE_CODES, { message: LANGUAGE_MESSAGE })
  interfaceLanguage?: InterfaceLanguageCode | null;

  @IsIn(MATURITY_LEVELS, { message: MATURITY_MESSAGE })
  maturity: MaturityLevel;
}

/** `PATCH /api/user/profiles/{id}`: the fields sent change, the others stay. */
export class UpdateProfileBody {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: NAME_MESSAGE })
  @Length(1, PROFILE_NAME_MAX_LENGTH, { message: NAME_MESSAGE })
  name?: string;

  @IsOptional()
  @IsIn(PROFILE_AVATARS, { message: AVATAR_MESSAGE })
  avatar?: ProfileAvatar;

  @IsOptional()
  @IsIn([...INTERFACE_LANGUAGE_CODES, null], { message: LANGUAGE_MESSAGE })
  interfaceLanguage?: InterfaceLanguageCode | null;

  @IsOptional()
  @IsIn(MATURITY_LEVELS, { message: MATURITY_MESSAGE })
  maturity?: MaturityLevel;
}

/** Whose profiles: the account (the viewer's id). */
export class ProfilesRequest {
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;
}

/** One profile of an account; another account's profile is NOT_FOUND. */
export class ProfileRequest extends ProfilesRequest {
  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

export class CreateProfileRequest extends CreateProfileBody {
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;
}

export class UpdateProfileRequest extends UpdateProfileBody {
  @IsUUID('all', { message: 'accountId must be a UUID' })
  accountId: string;

  @IsUUID('all', { message: 'profileId must be a UUID' })
  profileId: string;
}

/** Subjects.users.profiles. */
export const ProfileSubjects = {
  /** The account's profiles, the first one first, then by creation. */
  list: subject<ProfilesRequest, Profile[]>('chitram.users.profiles.list.v1'),
  /** One profile of the account (NOT_FOUND when it is another account's or gone). */
  get: subject<ProfileRequest, Profile>('chitram.users.profiles.get.v1'),
  create: subject<CreateProfileRequest, Profile>('chitram.users.profiles.create.v1'),
  update: subject<UpdateProfileRequest, Profile>('chitram.users.profiles.update.v1'),
  /** Deletes a profile that is not the first, its list with it; announces Events.profileDeleted. */
  delete: subject<ProfileRequest, ProfileDeleted>('chitram.users.profiles.delete.v1'),
} as const;

import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';
// Profiles (issue 22, D37): what the users service is asked (its answers: profiles-answers.ts).
import { INTERFACE_LANGUAGE_CODES, type InterfaceLanguageCode } from './interface-languages';
import {
  MATURITY_LEVELS,
  PROFILE_AVATARS,
  PROFILE_LOCK_PATTERN,
  PROFILE_NAME_MAX_LENGTH,
  type MaturityLevel,
  type Profile,
  type ProfileAvatar,
  type ProfileDeleted,
  type ProfileUnlocked,
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
const LOCK_MESSAGE = 'lock must be 4 digits';

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

  /** An optional 4-digit lock (kept hashed). */
  @IsOptional()
  @Matches(PROFILE_LOCK_PATTERN, { message: LOCK_MESSAGE })
  lock?: string;
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

  /** A new 4-digit lock, or null to take the lock off. */
  @ValidateIf((body: UpdateProfileBody) => body.lock !== null && body.lock !== undefined)
  @IsString({ message: LOCK_MESSAGE })
  @Matches(PROFILE_LOCK_PATTERN, { message: LOCK_MESSAGE })
  lock?: string | null;
}

/** `POST /api/user/profiles/{id}/select`: the profile's lock, when it has one. */
export class SelectProfileBody {
  @IsOptional()
  @IsString({ message: LOCK_MESSAGE })
  @Matches(PROFILE_LOCK_PATTERN, { message: LOCK_MESSAGE })
  lock?: string;
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

/** A try of a profile's lock: right, or none set, answers; wrong is PROFILE_LOCK_INVALID, the fifth in a row a wait. */
export class UnlockProfileRequest extends ProfileRequest {
  @IsOptional()
  @IsString()
  lock?: string;
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
  /** Checks a profile's lock (nothing to check without one), counting wrong tries. */
  unlock: subject<UnlockProfileRequest, ProfileUnlocked>('chitram.users.profiles.unlock.v1'),
} as const;

/**
 * The admins as the owner manages them, and an admin's second factor (issue 20, DECISIONS D34): the
 * request classes, declared once (the gateway validates the public body with them, the auth service the
 * payload with what the gateway adds), and their subjects. The answers are in admin-team-answers.ts.
 */
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsIP,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  ADMIN_ROLES,
  type AdminInvitation,
  type AdminRole,
  type AdminTeamMember,
  type RecoveryCodes,
  type TotpEnrolment,
} from './admin-team-answers';
import { AdminActor } from './audit';
import type { AdminSession } from './identity';
import type { Done } from './sign-in';
import { subject } from './subject';

export * from './admin-team-answers';

/** An invitation's or a sign-in challenge's secret: 256 random bits, base64url. */
const TICKET = /^[A-Za-z0-9_-]{43}$/;

/** The owner who makes a write of the Admins page: from the verified token (never the body), and required. */
function OwnerActor(): PropertyDecorator {
  return (target, key) => {
    IsDefined()(target, key);
    ValidateNested()(target, key);
    Type(() => AdminActor)(target, key);
  };
}

class ByOwner {
  @OwnerActor()
  actor: AdminActor;
}

/** `POST /api/admin/admins`'s body. */
export class InviteAdminBody {
  @IsString()
  @Length(3, 254)
  email: string;

  @IsIn(ADMIN_ROLES)
  role: AdminRole;
}

export class InviteAdminRequest extends InviteAdminBody {
  @OwnerActor()
  actor: AdminActor;
}

/** `PATCH /api/admin/admins/:id`'s body. */
export class ChangeAdminRoleBody {
  @IsIn(ADMIN_ROLES)
  role: AdminRole;
}

/** `/api/admin/admins/:id` */
export class AdminIdParams {
  @IsUUID()
  id: string;
}

export class ChangeAdminRoleRequest extends ByOwner {
  @IsUUID()
  adminId: string;

  @IsIn(ADMIN_ROLES)
  role: AdminRole;
}

/** Disabling an admin, or resetting their lost second factor. */
export class AdminTeamActionRequest extends ByOwner {
  @IsUUID()
  adminId: string;
}

/** `POST /api/admin/invitation`: the invitee sets their password through the link. */
export class AcceptInvitationBody {
  @Matches(TICKET, { message: 'token must be the one of the invitation link' })
  token: string;

  @IsString()
  @Length(1, 256)
  password: string;
}

export class AcceptInvitationRequest extends AcceptInvitationBody {
  @IsIP()
  clientIp: string;
}

/** `POST /api/admin/admin-login/enrol`: the authenticator to add at the first sign-in. */
export class SignInChallengeBody {
  @Matches(TICKET, { message: 'challenge must be the one the password step answered' })
  challenge: string;
}

/**
 * `POST /api/admin/admin-login/second-factor`: the authenticator's 6 digits, or one of the recovery
 * codes (for the first sign-in, the code that confirms the enrolment).
 */
export class SecondFactorBody extends SignInChallengeBody {
  @IsOptional()
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of the authenticator app' })
  code?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{10,20}$/, { message: 'recoveryCode must be one of the ten recovery codes' })
  recoveryCode?: string;
}

export class SecondFactorRequest extends SecondFactorBody {
  @IsIP()
  clientIp: string;
}

/** `POST /api/admin/me/second-factor/confirm`: the first code of the authenticator being added. */
export class ConfirmTotpBody {
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits of the authenticator app' })
  code: string;
}

/** The signed-in admin's own second factor. */
export class OwnSecondFactorRequest {
  @IsUUID()
  adminId: string;
}

export class ConfirmTotpRequest extends OwnSecondFactorRequest {
  @Matches(/^\d{6}$/)
  code: string;
}

export const AdminTeamSubjects = {
  list: subject<Record<string, never>, AdminTeamMember[]>('chitram.auth.admins.list.v1'),
  invite: subject<InviteAdminRequest, AdminInvitation>('chitram.auth.admins.invite.v1'),
  acceptInvitation: subject<AcceptInvitationRequest, Done>('chitram.auth.admins.accept-invitation.v1'),
  changeRole: subject<ChangeAdminRoleRequest, AdminTeamMember>('chitram.auth.admins.change-role.v1'),
  /** Disables an admin: sign-in refused, every session ended at once. */
  disable: subject<AdminTeamActionRequest, AdminTeamMember>('chitram.auth.admins.disable.v1'),
  /** A lost authenticator: the owner removes it (and its recovery codes); the admin enrols again. */
  resetSecondFactor: subject<AdminTeamActionRequest, AdminTeamMember>(
    'chitram.auth.admins.reset-second-factor.v1',
  ),
};

export const AdminSecondFactorSubjects = {
  /** First sign-in: a new secret for the admin of the challenge. */
  enrolAtSignIn: subject<SignInChallengeBody, TotpEnrolment>('chitram.auth.admin.second-factor.enrol.v1'),
  /** The second step: the session, once the code (or a recovery code) is right. */
  complete: subject<SecondFactorRequest, AdminSession>('chitram.auth.admin.second-factor.complete.v1'),
  /** A signed-in admin adds an authenticator (optional where it is not required). */
  start: subject<OwnSecondFactorRequest, TotpEnrolment>('chitram.auth.admin.second-factor.start.v1'),
  confirm: subject<ConfirmTotpRequest, RecoveryCodes>('chitram.auth.admin.second-factor.confirm.v1'),
};

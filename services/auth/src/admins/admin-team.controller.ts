import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AcceptInvitationRequest,
  AdminTeamActionRequest,
  ChangeAdminRoleRequest,
  ConfirmTotpRequest,
  InviteAdminRequest,
  OwnSecondFactorRequest,
  SecondFactorRequest,
  SignInChallengeBody,
  Subjects,
  type AdminInvitation,
  type AdminSession,
  type AdminTeamMember,
  type Done,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@chitram/contracts';
import { Handles } from '@chitram/nest-kit';
import { AdminTeamService } from './admin-team.service';
import { SecondFactorService } from './second-factor.service';

/** The owner's Admins page (issue 20); the gateway lets only owners reach these. */
@Controller()
export class AdminTeamController {
  constructor(private readonly team: AdminTeamService) {}

  @Handles(Subjects.auth.admins.list)
  list(): Promise<AdminTeamMember[]> {
    return this.team.list();
  }

  @Handles(Subjects.auth.admins.invite)
  invite(@Payload() body: InviteAdminRequest): Promise<AdminInvitation> {
    return this.team.invite(body);
  }

  @Handles(Subjects.auth.admins.acceptInvitation)
  async acceptInvitation(@Payload() body: AcceptInvitationRequest): Promise<Done> {
    await this.team.acceptInvitation(body);
    return { success: true };
  }

  @Handles(Subjects.auth.admins.changeRole)
  changeRole(@Payload() body: ChangeAdminRoleRequest): Promise<AdminTeamMember> {
    return this.team.changeRole(body.actor, body.adminId, body.role);
  }

  @Handles(Subjects.auth.admins.disable)
  disable(@Payload() body: AdminTeamActionRequest): Promise<AdminTeamMember> {
    return this.team.disable(body.actor, body.adminId);
  }

  @Handles(Subjects.auth.admins.resetSecondFactor)
  resetSecondFactor(@Payload() body: AdminTeamActionRequest): Promise<AdminTeamMember> {
    return this.team.resetSecondFactor(body.actor, body.adminId);
  }
}

/** An admin's second factor: the sign-in's second step, and enrolling one. */
@Controller()
export class SecondFactorController {
  constructor(private readonly secondFactor: SecondFactorService) {}

  @Handles(Subjects.auth.secondFactor.enrolAtSignIn)
  enrolAtSignIn(@Payload() body: SignInChallengeBody): Promise<TotpEnrolment> {
    return this.secondFactor.enrolAtSignIn(body.challenge);
  }

  @Handles(Subjects.auth.secondFactor.complete)
  complete(@Payload() body: SecondFactorRequest): Promise<AdminSession> {
    return this.secondFactor.complete(body);
  }

  @Handles(Subjects.auth.secondFactor.start)
  start(@Payload() body: OwnSecondFactorRequest): Promise<TotpEnrolment> {
    return this.secondFactor.start(body.adminId);
  }

  @Handles(Subjects.auth.secondFactor.confirm)
  confirm(@Payload() body: ConfirmTotpRequest): Promise<RecoveryCodes> {
    return this.secondFactor.confirm(body.adminId, body.code);
  }
}

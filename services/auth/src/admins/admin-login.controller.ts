import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AdminLoginRequest, Subjects, type AdminLoginReply } from '@chitram/contracts';
import { AdminAccountsService } from './admin-accounts.service';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class AdminLoginController {
  constructor(private readonly admins: AdminAccountsService) {}

  @Handles(Subjects.auth.adminLogin)
  login(@Payload() body: AdminLoginRequest): Promise<AdminLoginReply> {
    return this.admins.login(body.email, body.password, body.clientIp);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminLoginRequest, Subjects, type AdminSession } from '@chitram/contracts';
import { AdminAccountsService } from './admin-accounts.service';

@Controller()
export class AdminLoginController {
  constructor(private readonly admins: AdminAccountsService) {}

  @MessagePattern(Subjects.auth.adminLogin)
  login(@Payload() body: AdminLoginRequest): Promise<AdminSession> {
    return this.admins.login(body.email, body.password, body.clientIp);
  }
}

import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  SendOtpRequest,
  Subjects,
  VerifyOtpRequest,
  type OtpOutbox,
  type SendOtpReply,
  type ViewerSession,
} from '@chitram/contracts';
import { OtpOutboxBody } from './otp.dto';
import { OtpService } from './otp.service';
import { Handles } from '@chitram/nest-kit';

@Controller()
export class OtpController {
  constructor(private readonly otp: OtpService) {}

  @Handles(Subjects.auth.sendOtp)
  send(@Payload() body: SendOtpRequest): Promise<SendOtpReply> {
    return this.otp.send(body);
  }

  @Handles(Subjects.auth.verifyOtp)
  verify(@Payload() body: VerifyOtpRequest): Promise<ViewerSession> {
    return this.otp.verify(body);
  }

  @Handles(Subjects.auth.otpOutbox)
  outbox(@Payload() body: OtpOutboxBody): Promise<OtpOutbox> {
    return this.otp.outbox(body.phoneNumber);
  }
}

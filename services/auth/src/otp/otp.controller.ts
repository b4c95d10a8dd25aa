import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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

@Controller()
export class OtpController {
  constructor(private readonly otp: OtpService) {}

  @MessagePattern(Subjects.auth.sendOtp)
  send(@Payload() body: SendOtpRequest): Promise<SendOtpReply> {
    return this.otp.send(body);
  }

  @MessagePattern(Subjects.auth.verifyOtp)
  verify(@Payload() body: VerifyOtpRequest): Promise<ViewerSession> {
    return this.otp.verify(body);
  }

  @MessagePattern(Subjects.auth.otpOutbox)
  outbox(@Payload() body: OtpOutboxBody): Promise<OtpOutbox> {
    return this.otp.outbox(body.phoneNumber);
  }
}

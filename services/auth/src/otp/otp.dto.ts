import type { OtpOutboxRequest, SendOtpRequest, VerifyOtpRequest } from '@chitram/contracts';
import { IsIP, IsString, Matches, MaxLength } from 'class-validator';

// The phone rule itself is applied by OtpService (INVALID_PHONE_NUMBER); these bound the shapes.

export class SendOtpBody implements SendOtpRequest {
  @IsString()
  @MaxLength(20)
  phoneNumber: string;

  @IsIP()
  clientIp: string;
}

export class VerifyOtpBody implements VerifyOtpRequest {
  @IsString()
  @MaxLength(20)
  phoneNumber: string;

  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp: string;
}

export class OtpOutboxBody implements OtpOutboxRequest {
  @IsString()
  @MaxLength(20)
  phoneNumber: string;
}

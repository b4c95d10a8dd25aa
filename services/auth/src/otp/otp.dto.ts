import type { OtpOutboxRequest } from '@chitram/contracts';
import { IsString, MaxLength } from 'class-validator';

export class OtpOutboxBody implements OtpOutboxRequest {
  @IsString()
  @MaxLength(20)
  phoneNumber: string;
}

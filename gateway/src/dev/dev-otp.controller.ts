import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Subjects, type OtpOutbox } from '@chitram/contracts';
import { RpcClient } from '@chitram/nest-kit';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { Public } from '../auth/access';

export class OtpOutboxQuery {
  /** `?phone=+919876543210`: an unencoded `+` arrives as a space, which is put back. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/^ (?=91\d{10}$)/, '+') : value,
  )
  @IsString()
  @MaxLength(20)
  phone: string;
}

/**
 * Development only (DECISIONS D3, D29): the codes the console provider sent to a number, newest last,
 * for people and browser tests signing in without a phone. Not registered in production.
 */
@ApiExcludeController()
@Controller('dev')
export class DevOtpController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('otp-outbox')
  @Public()
  outbox(@Query() query: OtpOutboxQuery): Promise<OtpOutbox> {
    return this.rpc.call(Subjects.auth.otpOutbox, { phoneNumber: query.phone });
  }
}

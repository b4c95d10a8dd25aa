import type { AdminLoginRequest } from '@chitram/contracts';
import { IsIP, IsString, Length } from 'class-validator';

export class AdminLoginBody implements AdminLoginRequest {
  @IsString()
  @Length(1, 254)
  email: string;

  @IsString()
  @Length(1, 256)
  password: string;

  @IsIP()
  clientIp: string;
}

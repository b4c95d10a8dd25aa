import type { AdminLoginRequest } from '@chitram/contracts';
import { IsString, Length } from 'class-validator';

export class AdminLoginBody implements AdminLoginRequest {
  @IsString()
  @Length(1, 254)
  email: string;

  @IsString()
  @Length(1, 256)
  password: string;
}

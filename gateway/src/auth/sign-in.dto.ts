import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches, MaxLength } from 'class-validator';

// Shapes only: the auth service applies the phone rule (INVALID_PHONE_NUMBER) and checks the rest.

export class SendOtpBody {
  @ApiProperty({ example: '9876543210', description: '10-digit Indian mobile number, with or without +91' })
  @IsString()
  @MaxLength(20)
  phoneNumber: string;
}

export class VerifyOtpBody {
  @ApiProperty({ example: '+919876543210' })
  @IsString()
  @MaxLength(20)
  phoneNumber: string;

  @ApiProperty({ example: '123456' })
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp: string;
}

export class AdminLoginBody {
  @ApiProperty({ example: 'admin@chitram.in' })
  @IsString()
  @Length(1, 254)
  email: string;

  @ApiProperty()
  @IsString()
  @Length(1, 256)
  password: string;
}

export class RefreshBody {
  @ApiProperty()
  @IsString()
  @Length(1, 200)
  refreshToken: string;
}

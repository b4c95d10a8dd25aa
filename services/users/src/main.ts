import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { usersService } from './service';

void bootstrapService(usersService);

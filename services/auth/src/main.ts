import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { authService } from './service';

void bootstrapService(authService);

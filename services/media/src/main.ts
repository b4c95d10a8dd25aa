import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { mediaService } from './service';

void bootstrapService(mediaService);

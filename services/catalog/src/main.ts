import 'reflect-metadata';
import { bootstrapService } from '@chitram/nest-kit';
import { catalogService } from './service';

void bootstrapService(catalogService);

import { runService } from '@herald/service-kit';
import { readConfig } from './config';
import { build } from './server';

void runService('delivery-service', readConfig(), build);

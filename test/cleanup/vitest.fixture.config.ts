import { defineConfig } from 'vitest/config';
import base, { shared } from '../../vitest.config.js';

// The project's vitest configuration, running only the fixture test (for test/cleanup/cleanup.test.ts): its
// global setup and the projects' shared options, without the projects.
export default defineConfig({ ...base, test: { globalSetup: base.test?.globalSetup, ...shared, include: ['test/cleanup/*.fixture.ts'] } });

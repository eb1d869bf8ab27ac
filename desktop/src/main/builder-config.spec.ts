import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_USER_MODEL_ID } from './lifecycle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId?: string;
  beforeBuild?: string;
  npmRebuild?: boolean;
  directories?: { app?: string };
  protocols?: Array<{ schemes: string[] }>;
  linux?: { target?: string[]; icon?: string };
  win?: { target?: string; icon?: string };
  mac?: { target?: string; icon?: string };
}
/** electron-builder's own loader and schema validation (app-builder-lib), no packaging. */
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debugLogger: { add(): void }): Promise<void>;
};

describe('electron-builder.yml', function () {
  this.timeout(20_000);

  it("passes electron-builder's schema and names files that exist", async () => {
    const config = await getConfig(root, path.join(root, 'electron-builder.yml'));
    await validateConfiguration(config, { add: () => undefined });
    expect(config.linux?.target).to.deep.equal(['AppImage', 'deb']);
    expect(config.win?.target).to.equal('nsis');
    expect(config.mac?.target).to.equal('dmg');
    for (const file of [config.beforeBuild, config.linux?.icon, config.win?.icon, config.mac?.icon]) {
      expect(existsSync(path.join(root, file ?? 'missing')), file).to.equal(true);
    }
    expect(config.protocols?.[0]?.schemes).to.deep.equal(['tsudoi']);
    expect(config.appId, 'Windows toasts need the installed AppUserModelID').to.equal(APP_USER_MODEL_ID);
  });

  it('never lets electron-builder install or rebuild node_modules (it would prune the workspace)', async () => {
    const config = await getConfig(root, path.join(root, 'electron-builder.yml'));
    expect(config.beforeBuild).to.equal('build/before-build.cjs');
    expect(config.npmRebuild).to.equal(false);
    const hook = require(path.join(root, 'build/before-build.cjs')) as () => Promise<boolean>;
    expect(await hook()).to.equal(false);
  });
});

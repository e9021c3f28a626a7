import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

const workerRoot = resolve(__dirname, '../..');

/**
 * What the worker's image runs, built before the image as the Lambda bundles
 * are (`npm run build:worker`, which `cdk synth` runs): the worker and its
 * health check, each one file with everything they import (the functions
 * package's jobs entry compiled in), and the caption fonts. The Dockerfile
 * copies this folder to `/app` and installs nothing from npm, so a change to
 * another workspace's packages cannot break the image's build.
 */
export const IMAGE_BUNDLE_DIR = join(workerRoot, 'dist', 'image');

/** The files the image's commands name, relative to the bundle folder. */
export const IMAGE_FILES = { worker: 'worker.js', healthcheck: 'healthcheck.js', fonts: 'fonts/poppins' } as const;

// Errors only: esbuild warns of the caption fonts' require.resolve, a fallback the image never takes (FONTS_DIR is set).
const common: BuildOptions = { bundle: true, platform: 'node', target: 'node22', logLevel: 'error' };

export async function buildImageBundle(outDir = IMAGE_BUNDLE_DIR): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await Promise.all([
    build({ ...common, entryPoints: [join(workerRoot, 'src', 'main.ts')], outfile: join(outDir, IMAGE_FILES.worker), sourcemap: true }),
    build({ ...common, entryPoints: [join(workerRoot, 'src', 'healthcheck.ts')], outfile: join(outDir, IMAGE_FILES.healthcheck) }),
  ]);
  // Poppins for burned-in captions, passed to libass as its fonts folder.
  const fonts = dirname(require.resolve('@expo-google-fonts/poppins/package.json'));
  cpSync(fonts, join(outDir, IMAGE_FILES.fonts), { recursive: true, dereference: true });
}

/** Whether every file the image copies is there. */
export const imageBundleBuilt = (dir = IMAGE_BUNDLE_DIR): boolean => Object.values(IMAGE_FILES).every((file) => existsSync(join(dir, file)));

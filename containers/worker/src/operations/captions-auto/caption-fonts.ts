import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The bundled Poppins faces the captions can ask for, relative to the package folder. */
const FACES = ['400Regular/Poppins_400Regular.ttf', '700Bold/Poppins_700Bold.ttf'];

/**
 * Where the Poppins package lies: the image copies it to `FONTS_DIR`, since
 * the bundled worker has no node_modules; elsewhere it is resolved as a package.
 */
function poppinsPackageDir(): string {
  return process.env.FONTS_DIR || dirname(require.resolve('@expo-google-fonts/poppins/package.json'));
}

/**
 * Copies the fonts into a folder of the job, so the path handed to libass is
 * ours and plain, and Poppins is found there.
 */
export async function prepareCaptionFonts(jobDir: string): Promise<string> {
  const packageDir = poppinsPackageDir();
  const fontsDir = join(jobDir, 'caption-fonts');
  await mkdir(fontsDir, { recursive: true });
  await Promise.all(FACES.map((face) => copyFile(join(packageDir, face), join(fontsDir, face.split('/')[1] ?? face))));
  return fontsDir;
}

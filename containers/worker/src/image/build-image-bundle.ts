import { buildImageBundle, IMAGE_BUNDLE_DIR } from './image-bundle';

/** `npm run build:worker`: the worker's image bundle into `containers/worker/dist/image`. */
const started = performance.now();
buildImageBundle(process.argv[2] ?? IMAGE_BUNDLE_DIR)
  .then(() => console.log(`Built the worker's image bundle in ${((performance.now() - started) / 1000).toFixed(1)} s.`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

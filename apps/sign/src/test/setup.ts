import "@paraphe/vitest-config/jsdom-setup";
// jsdom's typed arrays into Node's WebCrypto: the real tunnel cryptography of the api tests.
import "@paraphe/vitest-config/jsdom-webcrypto";

import S3rver from 's3rver';

const server = new S3rver({ port: 9312, address: '127.0.0.1', directory: '/tmp/prof/s3rver', silent: true });
await server.run();
console.log('ready');

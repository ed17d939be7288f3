import type {
  CompleteUploadRequest,
  CreateUploadRequest,
  SignPartsRequest,
  SignPutRequest,
} from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { callApi } from '../../../api/client.js';

// The console calls of a browser-direct upload; the bytes go elsewhere (sendPart.ts).

export const uploadApi = {
  settings: () => callApi(routes.getUploadSettings),
  create: (bucket: string, body: CreateUploadRequest) =>
    callApi(routes.createUpload, { params: { bucket }, body }),
  sign: (bucket: string, body: SignPartsRequest) =>
    callApi(routes.signUploadParts, { params: { bucket }, body }),
  signPut: (bucket: string, body: SignPutRequest) =>
    callApi(routes.signUploadPut, { params: { bucket }, body }),
  listParts: async (bucket: string, key: string, uploadId: string) =>
    (await callApi(routes.listUploadParts, { params: { bucket }, query: { key, upload_id: uploadId } }))
      .parts,
  complete: (bucket: string, body: CompleteUploadRequest) =>
    callApi(routes.completeUpload, { params: { bucket }, body }),
  abort: (bucket: string, key: string, uploadId: string) =>
    callApi(routes.abortUpload, { params: { bucket }, query: { key, upload_id: uploadId } }),
};

export type UploadApi = typeof uploadApi;

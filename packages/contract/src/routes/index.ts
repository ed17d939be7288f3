import * as account from './account.js';
import * as bucketAccess from './bucket-access.js';
import * as bucketSettings from './bucket-settings.js';
import * as buckets from './buckets.js';
import * as configs from './configs.js';
import * as dashboard from './dashboard.js';
import * as deployments from './deployments.js';
import * as directCsi from './direct-csi.js';
import * as downloadSelection from './download-selection.js';
import * as downloads from './downloads.js';
import * as events from './events.js';
import * as groups from './groups.js';
import * as jobs from './jobs.js';
import * as lifecycle from './lifecycle.js';
import * as login from './login.js';
import * as logs from './logs.js';
import * as notificationEndpoints from './notification-endpoints.js';
import * as objects from './objects.js';
import * as operatorCluster from './operator-cluster.js';
import * as operatorSizing from './operator-sizing.js';
import * as permissions from './permissions.js';
import * as policies from './policies.js';
import * as policySimulation from './policy-simulation.js';
import * as replication from './replication.js';
import * as serviceAccounts from './service-accounts.js';
import * as session from './session.js';
import * as shareLinks from './share-links.js';
import * as subscription from './subscription.js';
import * as tenants from './tenants.js';
import * as tiers from './tiers.js';
import * as uploads from './uploads.js';
import * as users from './users.js';

export * from './account.js';
export * from './bucket-access.js';
export * from './bucket-names.js';
export * from './bucket-settings.js';
export * from './buckets.js';
export * from './configs.js';
export * from './dashboard.js';
export * from './deployments.js';
export * from './direct-csi.js';
export * from './download-selection.js';
export * from './downloads.js';
export * from './events.js';
export * from './groups.js';
export * from './jobs.js';
export * from './lifecycle.js';
export * from './login.js';
export * from './logs.js';
export * from './notification-endpoints.js';
export * from './objects.js';
export * from './operator-cluster.js';
export * from './operator-sizing.js';
export * from './permissions.js';
export * from './policies.js';
export * from './policy-simulation.js';
export * from './replication.js';
export * from './service-accounts.js';
export * from './session.js';
export * from './share-links.js';
export * from './subscription.js';
export * from './tenants.js';
export * from './tiers.js';
export * from './uploads.js';
export * from './users.js';

/** Every console API route, in a stable order (openapi.json follows it). */
export const routes = {
  getLoginDetails: login.getLoginDetails,
  login: login.login,
  loginOperator: login.loginOperator,
  loginOAuth2: login.loginOAuth2,
  logout: login.logout,
  getSession: session.getSession,
  listDeployments: deployments.listDeployments,
  hasPermission: permissions.hasPermission,
  listBuckets: buckets.listBuckets,
  makeBucket: buckets.makeBucket,
  getBucket: buckets.getBucket,
  deleteBucket: buckets.deleteBucket,
  getBucketVersioning: bucketSettings.getBucketVersioning,
  setBucketVersioning: bucketSettings.setBucketVersioning,
  getBucketQuota: bucketSettings.getBucketQuota,
  setBucketQuota: bucketSettings.setBucketQuota,
  getBucketObjectLocking: bucketSettings.getBucketObjectLocking,
  getBucketRetention: bucketSettings.getBucketRetention,
  setBucketRetention: bucketSettings.setBucketRetention,
  getBucketEncryption: bucketSettings.getBucketEncryption,
  enableBucketEncryption: bucketSettings.enableBucketEncryption,
  disableBucketEncryption: bucketSettings.disableBucketEncryption,
  listBucketUsers: bucketAccess.listBucketUsers,
  listBucketPolicies: bucketAccess.listBucketPolicies,
  setBucketPolicy: bucketAccess.setBucketPolicy,
  listAccessRules: bucketAccess.listAccessRules,
  setAccessRule: bucketAccess.setAccessRule,
  deleteAccessRule: bucketAccess.deleteAccessRule,
  listBucketEvents: events.listBucketEvents,
  createBucketEvent: events.createBucketEvent,
  deleteBucketEvent: events.deleteBucketEvent,
  listArns: events.listArns,
  listTiers: tiers.listTiers,
  addTier: tiers.addTier,
  getTier: tiers.getTier,
  editTierCredentials: tiers.editTierCredentials,
  searchLogs: logs.searchLogs,
  ingestAuditLog: logs.ingestAuditLog,
  listNotificationEndpoints: notificationEndpoints.listNotificationEndpoints,
  addNotificationEndpoint: notificationEndpoints.addNotificationEndpoint,
  deleteNotificationEndpoint: notificationEndpoints.deleteNotificationEndpoint,
  getBucketLifecycle: lifecycle.getBucketLifecycle,
  addBucketLifecycle: lifecycle.addBucketLifecycle,
  updateBucketLifecycle: lifecycle.updateBucketLifecycle,
  deleteBucketLifecycle: lifecycle.deleteBucketLifecycle,
  listExternalBuckets: replication.listExternalBuckets,
  setMultiBucketReplication: replication.setMultiBucketReplication,
  getBucketReplication: replication.getBucketReplication,
  getBucketReplicationMetrics: replication.getBucketReplicationMetrics,
  deleteBucketReplicationRule: replication.deleteBucketReplicationRule,
  listObjects: objects.listObjects,
  rewindObjects: objects.rewindObjects,
  uploadObjects: objects.uploadObjects,
  downloadObject: objects.downloadObject,
  signObjectDownload: downloads.signObjectDownload,
  shareObject: objects.shareObject,
  listShareLinks: shareLinks.listShareLinks,
  revokeShareLink: shareLinks.revokeShareLink,
  createDropLink: shareLinks.createDropLink,
  openShareLink: shareLinks.openShareLink,
  getDropLink: shareLinks.getDropLink,
  presignDropUpload: shareLinks.presignDropUpload,
  deleteObject: objects.deleteObject,
  deleteObjects: objects.deleteObjects,
  putObjectTags: objects.putObjectTags,
  putObjectRetention: objects.putObjectRetention,
  deleteObjectRetention: objects.deleteObjectRetention,
  putObjectLegalHold: objects.putObjectLegalHold,
  prepareSelectionDownload: downloadSelection.prepareSelectionDownload,
  downloadSelection: downloadSelection.downloadSelection,
  getUploadSettings: uploads.getUploadSettings,
  createUpload: uploads.createUpload,
  signUploadParts: uploads.signUploadParts,
  signUploadPut: uploads.signUploadPut,
  listUploadParts: uploads.listUploadParts,
  completeUpload: uploads.completeUpload,
  abortUpload: uploads.abortUpload,
  getAdminInfo: dashboard.getAdminInfo,
  getWidget: dashboard.getWidget,
  listUsers: users.listUsers,
  addUser: users.addUser,
  getUser: users.getUser,
  updateUser: users.updateUser,
  removeUser: users.removeUser,
  bulkUsersGroups: users.bulkUsersGroups,
  listGroups: groups.listGroups,
  addGroup: groups.addGroup,
  getGroup: groups.getGroup,
  updateGroup: groups.updateGroup,
  removeGroup: groups.removeGroup,
  listPolicies: policies.listPolicies,
  setPolicy: policies.setPolicy,
  addPolicy: policies.addPolicy,
  getPolicy: policies.getPolicy,
  removePolicy: policies.removePolicy,
  listUsersForPolicy: policies.listUsersForPolicy,
  listGroupsForPolicy: policies.listGroupsForPolicy,
  simulatePolicy: policySimulation.simulatePolicy,
  getEffectivePermissions: policySimulation.getEffectivePermissions,
  listServiceAccounts: serviceAccounts.listServiceAccounts,
  createServiceAccount: serviceAccounts.createServiceAccount,
  createServiceAccountCredentials: serviceAccounts.createServiceAccountCredentials,
  deleteServiceAccount: serviceAccounts.deleteServiceAccount,
  listUserServiceAccounts: serviceAccounts.listUserServiceAccounts,
  createUserServiceAccount: serviceAccounts.createUserServiceAccount,
  createUserServiceAccountCredentials: serviceAccounts.createUserServiceAccountCredentials,
  changePassword: account.changePassword,
  changeUserPassword: account.changeUserPassword,
  getConfig: configs.getConfig,
  listConfigTargets: configs.listConfigTargets,
  setConfig: configs.setConfig,
  restartService: configs.restartService,
  getSubscriptionInfo: subscription.getSubscriptionInfo,
  validateSubscription: subscription.validateSubscription,
  refreshSubscription: subscription.refreshSubscription,
  activateTenantLicense: subscription.activateTenantLicense,
  getParity: operatorSizing.getParity,
  getMaxAllocatableMemory: operatorSizing.getMaxAllocatableMemory,
  createNamespace: operatorCluster.createNamespace,
  getNodeLabels: operatorCluster.getNodeLabels,
  getResourceQuota: operatorCluster.getResourceQuota,
  getNamespacePermissions: operatorCluster.getNamespacePermissions,
  listTenants: tenants.listTenants,
  listNamespaceTenants: tenants.listNamespaceTenants,
  createTenant: tenants.createTenant,
  previewTenant: tenants.previewTenant,
  getTenant: tenants.getTenant,
  deleteTenant: tenants.deleteTenant,
  updateTenantImage: tenants.updateTenantImage,
  getTenantYaml: tenants.getTenantYaml,
  putTenantYaml: tenants.putTenantYaml,
  getTenantUsage: tenants.getTenantUsage,
  addTenantPool: tenants.addTenantPool,
  replaceTenantPools: tenants.replaceTenantPools,
  listTenantPods: tenants.listTenantPods,
  getTenantPodLog: tenants.getTenantPodLog,
  listTenantPodEvents: tenants.listTenantPodEvents,
  deleteTenantPod: tenants.deleteTenantPod,
  listTenantVolumeClaims: tenants.listTenantVolumeClaims,
  listVolumeClaims: tenants.listVolumeClaims,
  getTenantSecurity: tenants.getTenantSecurity,
  updateTenantSecurity: tenants.updateTenantSecurity,
  listDirectCsiDrives: directCsi.listDirectCsiDrives,
  listDirectCsiVolumes: directCsi.listDirectCsiVolumes,
  formatDirectCsiDrives: directCsi.formatDirectCsiDrives,
  dryRunJob: jobs.dryRunJob,
  createJob: jobs.createJob,
  listJobs: jobs.listJobs,
  getJob: jobs.getJob,
  pauseJob: jobs.pauseJob,
  resumeJob: jobs.resumeJob,
  cancelJob: jobs.cancelJob,
  retryJob: jobs.retryJob,
  undoJob: jobs.undoJob,
  getJobReport: jobs.getJobReport,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

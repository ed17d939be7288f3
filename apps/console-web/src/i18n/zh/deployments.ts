/** Simplified Chinese texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: '切换部署',
    current: '部署：{{name}}',
    loggedIn: '已登录',
    loggedOut: '未登录',
    switchTo: '切换到部署 {{name}}',
    list: '部署',
    title: '{{name}} · {{title}}',
  },
};

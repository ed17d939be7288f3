/** Japanese texts. Several deployments in one console: the switcher, the palette, the login card. */
export const deployments = {
  deployments: {
    switcher: 'デプロイメントを切り替え',
    current: 'デプロイメント: {{name}}',
    loggedIn: 'ログイン済み',
    loggedOut: '未ログイン',
    switchTo: 'デプロイメント {{name}} に切り替え',
    list: 'デプロイメント',
    title: '{{name}} · {{title}}',
  },
};

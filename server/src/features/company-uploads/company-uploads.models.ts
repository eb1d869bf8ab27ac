import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/** A folder of a team's file share; parentId null is the top. */
export class CompanyFolder extends Model<InferAttributes<CompanyFolder>, InferCreationAttributes<CompanyFolder>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare parentId: number | null;
  declare name: string;
  /** Who created it (null once their account is gone). */
  declare ownerId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A file of a team's file share; its bytes are `<dataDir>/company-files/<file>`. */
export class CompanyFile extends Model<InferAttributes<CompanyFile>, InferCreationAttributes<CompanyFile>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare folderId: number | null;
  /** The name shown and downloaded under (at most 100 characters). */
  declare name: string;
  /** 32 random hex digits, no extension. */
  declare file: string;
  /** Sniffed from the first bytes, never taken from the browser. */
  declare mimeType: string;
  declare size: number;
  declare ownerId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const int = (allowNull: boolean) => ({ type: DataTypes.INTEGER, allowNull });

export function defineCompanyUploadModels(sequelize: Sequelize) {
  class BoundFolder extends CompanyFolder {}
  BoundFolder.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(false),
      parentId: int(true),
      name: { type: DataTypes.STRING(100), allowNull: false },
      ownerId: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'company_folders', underscored: true },
  );
  class BoundFile extends CompanyFile {}
  BoundFile.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      companyId: int(false),
      folderId: int(true),
      name: { type: DataTypes.STRING(100), allowNull: false },
      file: { type: DataTypes.STRING(32), allowNull: false },
      mimeType: { type: DataTypes.STRING(128), allowNull: false },
      // BIGINT comes back as a string on MariaDB: read it as a number
      size: {
        type: DataTypes.BIGINT,
        allowNull: false,
        get(this: CompanyFile) {
          return Number(this.getDataValue('size'));
        },
      },
      ownerId: int(true),
      createdAt: DataTypes.DATE,
      updatedAt: DataTypes.DATE,
    },
    { sequelize, tableName: 'company_files', underscored: true },
  );
  return {
    CompanyFolder: BoundFolder as ModelStatic<CompanyFolder>,
    CompanyFile: BoundFile as ModelStatic<CompanyFile>,
  };
}

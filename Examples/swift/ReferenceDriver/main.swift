import DriverKit

DriverHost.serve(ReferenceLogic.self)
